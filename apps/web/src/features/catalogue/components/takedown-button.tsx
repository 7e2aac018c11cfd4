import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { TAKEDOWN_REASONS } from '@crate/contract/catalogue-enums';
import { TAKEDOWN_NOTE_MAX, takedownSchema } from '@crate/contract/takedown';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { dialogs } from '../../../components/dialogs.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useTakeDown, type TakedownTarget } from '../../admin/api/takedowns.ts';

interface TakedownProps {
  target: TakedownTarget;
  id: string;
  name: string;
}

const WORDS = {
  item: { button: 'Take down', title: 'Take this sound down', done: 'taken down' },
  pack: { button: 'Archive pack', title: 'Archive this pack', done: 'archived' },
} as const;

/** An admin's takedown on a sound or pack page: opens the form that asks for SPEC's reason and a note to the creator. */
export function TakedownButton({ target, id, name }: TakedownProps) {
  const modalId = `takedown-${target}-${id}`;
  return (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconBan size={16} aria-hidden />}
      onMouseEnter={dialogs.preload}
      onFocus={dialogs.preload}
      onClick={() => dialogs.open({ modalId, title: WORDS[target].title, children: <TakedownForm target={target} id={id} name={name} modalId={modalId} /> })}
    >
      {WORDS[target].button}
    </Button>
  );
}

function TakedownForm({ target, id, name, modalId }: TakedownProps & { modalId: string }) {
  const takeDown = useTakeDown(target, id);
  const { form, formError, submit } = useContractForm({ schema: takedownSchema, defaultValues: { note: '' } });
  const { errors } = form.formState;
  const onSubmit = submit(async (values) => {
    await takeDown.mutateAsync(values);
    dialogs.close(modalId);
    notifications.show({ color: 'teal', message: `${name} was ${WORDS[target].done}; its creator has been told why. Owners keep what they got.` });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {target === 'item' ? `"${name}" leaves the catalogue and search.` : `"${name}" and its sounds leave the catalogue and search.`} Producers who got it keep downloading it
          with their licences; you can restore it from the archive.
        </Text>
        <Controller
          control={form.control}
          name="reason"
          render={({ field }) => (
            <Radio.Group label="Reason" withAsterisk value={field.value ?? ''} onChange={field.onChange} error={errors.reason?.message}>
              <Stack gap={6} mt={6}>
                {TAKEDOWN_REASONS.map((reason) => (
                  <Radio key={reason} value={reason} label={reason} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Textarea
          label="Note to the creator"
          description="Sent with the reason in the e-mail; kept in the audit log."
          autosize
          minRows={3}
          maxLength={TAKEDOWN_NOTE_MAX}
          {...form.register('note')}
          error={errors.note?.message}
        />
        <ApiErrorAlert error={formError} title="Nothing was taken down" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => dialogs.close(modalId)}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={form.formState.isSubmitting}>
            {WORDS[target].button}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
