import { Button, Group, Stack, TextInput } from '@mantine/core';
import { createPlaylistSchema, PLAYLIST_NAME_MAX } from '@crate/contract/library';
import { useContractForm } from '../../lib/use-contract-form.ts';

export interface PlaylistNameFormProps {
  initialName?: string;
  submitLabel: string;
  onSubmit(name: string): Promise<unknown>;
  onCancel(): void;
}

/** Name a new playlist or rename one; the contract's rule (1–80 characters) checked before sending. */
export function PlaylistNameForm({ initialName = '', submitLabel, onSubmit, onCancel }: PlaylistNameFormProps) {
  // One field, no alert: whatever goes wrong is said under the name.
  const { form, submit: reporting } = useContractForm({ schema: createPlaylistSchema, defaultValues: { name: initialName }, otherErrorsOn: 'name' });
  const { errors, isSubmitting } = form.formState;
  const submit = reporting(({ name }) => onSubmit(name));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Playlist name" data-autofocus maxLength={PLAYLIST_NAME_MAX} required {...form.register('name')} error={errors.name?.message} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
