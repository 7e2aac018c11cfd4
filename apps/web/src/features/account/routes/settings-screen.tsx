import { Badge, Button, Card, Checkbox, Container, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { dialogs } from '../../../components/dialogs.tsx';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { updateProfileSchema, type EmailPreferences } from '@crate/contract/profile';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { useDeactivateAccount } from '../api/deactivate-account.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const PREFERENCES: { key: keyof EmailPreferences; label: string; description: string }[] = [
  { key: 'product_updates', label: 'Product updates', description: 'New features and changes to Crate.' },
  { key: 'new_releases', label: 'New releases', description: 'Fresh packs and staff picks, at most weekly.' },
  { key: 'creator_news', label: 'Creator news', description: 'Tips, payouts and programmes for creators.' },
];

export default function SettingsScreen() {
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Settings" subtitle="Your display name, e-mail preferences and agreements." />
      <Stack gap="lg" maw={760}>
        <ProfileSection />
        <EmailPreferencesSection />
        <ContentAgreementSection />
        <DeactivateSection />
      </Stack>
    </Container>
  );
}

/** Each section has an id, so /settings#email-preferences links straight to it. */
function Section({ id, title, description, children, danger }: { id: string; title: string; description: string; children: ReactNode; danger?: boolean }) {
  return (
    <Card id={id} bg="dark.7" style={danger ? { borderColor: 'var(--mantine-color-red-9)' } : undefined}>
      <Title order={2} fz="lg" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}

function ProfileSection() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const defaults = { display_name: profile.display_name === profile.email ? '' : profile.display_name, zip_code: profile.zip_code };
  const { form, formError, submit } = useContractForm({ schema: updateProfileSchema.pick({ display_name: true, zip_code: true }), values: defaults });
  const { errors, isDirty, dirtyFields } = form.formState;

  const onSubmit = submit(async (values) => {
    const changed = {
      ...(dirtyFields.display_name ? { display_name: values.display_name ?? '' } : {}),
      ...(dirtyFields.zip_code ? { zip_code: values.zip_code ?? '' } : {}),
    };
    await update.mutateAsync(changed);
    notifications.show({ color: 'teal', message: 'Profile saved.' });
  });

  return (
    <Section id="profile" title="Profile" description="How you appear on Crate.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ApiErrorAlert error={formError} title="Could not save" />
          <TextInput
            label="Display name"
            description="Leave empty to show your e-mail address."
            placeholder={profile.email}
            autoComplete="nickname"
            {...form.register('display_name')}
            error={errors.display_name?.message}
          />
          <TextInput label="Zip or postal code" autoComplete="postal-code" maw={220} {...form.register('zip_code')} error={errors.zip_code?.message} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!isDirty}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function EmailPreferencesSection() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const [saving, setSaving] = useState<keyof EmailPreferences | null>(null);

  const toggle = (key: keyof EmailPreferences, value: boolean) => {
    setSaving(key);
    update.mutate(
      { email_preferences: { [key]: value } },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: 'E-mail preferences saved.' }),
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <Section id="email-preferences" title="E-mail preferences" description="Account e-mails (password resets, receipts) always arrive. Choose the rest.">
      <Stack gap="md">
        <ApiErrorAlert error={update.error} title="Could not save" />
        {PREFERENCES.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={profile.email_preferences[key]}
            disabled={saving !== null}
            onChange={(event) => toggle(key, event.currentTarget.checked)}
            size="md"
          />
        ))}
      </Stack>
    </Section>
  );
}

function ContentAgreementSection() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const [ticked, setTicked] = useState(false);
  const accepted = profile.accepted_content_agreement;

  const accept = () =>
    update.mutate({ accepted_content_agreement: true }, { onSuccess: () => notifications.show({ color: 'teal', message: 'Content agreement accepted.' }) });

  return (
    <Section id="content-agreement" title="Content agreement" description="Needed before you upload or sell sounds on Crate.">
      <Stack gap="md">
        <Text size="sm">
          You confirm that you made, or hold the rights to, every sound you upload, and that Crate may license it to producers under the
          licence you choose for it.
        </Text>
        <ApiErrorAlert error={update.error} title="Could not save" />
        <Checkbox
          label="I accept the Crate content agreement"
          description={accepted ? 'Accepted. This cannot be withdrawn.' : undefined}
          checked={accepted || ticked}
          disabled={accepted || update.isPending}
          onChange={(event) => setTicked(event.currentTarget.checked)}
        />
        {accepted ? (
          <Badge color="teal" variant="light" w="fit-content">
            Accepted
          </Badge>
        ) : (
          <Group justify="flex-end">
            <Button onClick={accept} disabled={!ticked} loading={update.isPending}>
              Accept agreement
            </Button>
          </Group>
        )}
      </Stack>
    </Section>
  );
}

function DeactivateSection() {
  const deactivate = useDeactivateAccount();

  const confirm = () =>
    dialogs.openConfirmModal({
      title: 'Deactivate your account?',
      children: (
        <Text size="sm">
          You will be signed out and nobody can sign in to this account until you recover it from the account recovery page. What you own
          stays yours.
        </Text>
      ),
      labels: { confirm: 'Deactivate account', cancel: 'Keep my account' },
      confirmProps: { color: 'red' },
      onConfirm: () => deactivate.mutate(),
    });

  return (
    <Section id="deactivate" title="Deactivate account" description="Take a break from Crate. You can come back by recovering the account by e-mail." danger>
      <Stack gap="md">
        <ApiErrorAlert error={deactivate.error} title="Could not deactivate" />
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={confirm} loading={deactivate.isPending}>
            Deactivate account…
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
