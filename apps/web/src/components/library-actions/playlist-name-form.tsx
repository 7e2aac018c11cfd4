import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { createPlaylistSchema, PLAYLIST_NAME_MAX } from '@crate/contract/library';
import { apiErrorMessage } from '../../lib/api-error-messages.ts';

export interface PlaylistNameFormProps {
  initialName?: string;
  submitLabel: string;
  onSubmit(name: string): Promise<unknown>;
  onCancel(): void;
}

/** Name a new playlist or rename one; the contract's rule (1–80 characters) checked before sending. */
export function PlaylistNameForm({ initialName = '', submitLabel, onSubmit, onCancel }: PlaylistNameFormProps) {
  const form = useForm({ resolver: zodResolver(createPlaylistSchema), defaultValues: { name: initialName } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
    } catch (error) {
      form.setError('name', { message: apiErrorMessage(error) }, { shouldFocus: true });
    }
  });
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
