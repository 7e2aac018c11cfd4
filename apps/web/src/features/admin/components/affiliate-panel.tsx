import { Anchor, Badge, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { MIN_AFFILIATE_COMMISSION_BPS, type AdminAffiliate } from '@crate/contract/affiliates';
import { DEFAULT_AFFILIATE_COMMISSION_BPS, DEFAULT_AFFILIATE_COMMISSION_MONTHS, MAX_AFFILIATE_COMMISSION_BPS, MAX_AFFILIATE_COMMISSION_MONTHS } from '@crate/contract/payout-enums';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useSetUserAffiliate, useUserAffiliate } from '../api/affiliates.ts';
import { Panel } from './admin-panel.tsx';

const TITLE = 'Affiliate programme';

/** An account's place in the affiliate programme: its commission and duration, its role and its codes (issue 29). */
export function AffiliatePanel({ userId }: { userId: string }) {
  const affiliate = useUserAffiliate(userId);
  if (affiliate.isPending)
    return (
      <Panel title={TITLE}>
        <CenteredLoader label="Loading the affiliate terms…" />
      </Panel>
    );
  if (affiliate.isError)
    return (
      <Panel title={TITLE}>
        <ApiErrorAlert error={affiliate.error} title="Could not load the affiliate terms" />
      </Panel>
    );
  // Keyed by the saved terms: the form starts again from them after a save.
  const terms = affiliate.data.affiliate;
  return <AffiliateForm key={terms ? `${terms.commission_bps}-${terms.commission_months}` : 'none'} userId={userId} data={affiliate.data} />;
}

function AffiliateForm({ userId, data }: { userId: string; data: AdminAffiliate }) {
  const save = useSetUserAffiliate(userId);
  const terms = data.affiliate;
  const [percent, setPercent] = useState<number | string>((terms?.commission_bps ?? DEFAULT_AFFILIATE_COMMISSION_BPS) / 100);
  const [months, setMonths] = useState<number | string>(terms?.commission_months ?? DEFAULT_AFFILIATE_COMMISSION_MONTHS);
  const fieldError = (field: string) => (isApiError(save.error) && save.error.field === field ? save.error.message : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { commission_bps: Math.round(Number(percent) * 100), commission_months: Number(months) },
      { onSuccess: (a) => notifications.show({ message: terms ? 'Affiliate terms saved.' : `Now an affiliate, with the code ${a.affiliate?.codes[0]?.code ?? ''}.` }) },
    );
  };
  const live = terms?.codes.filter((c) => c.retired_at === null) ?? [];
  return (
    <Panel title={TITLE}>
      <Stack gap="sm">
        {terms ? (
          <Group gap="xs">
            {data.has_role ? (
              <Badge color="blue" variant="light">
                Affiliate
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Role taken away
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {data.has_role ? 'Their links count clicks and attribute sign-ups.' : 'Their links no longer count or attribute; saving grants the role again.'}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Not an affiliate. Saving makes them one: the affiliate role and a first code made from their name.
          </Text>
        )}
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label="Commission (%)"
              description="Of each payment of a referred user"
              min={MIN_AFFILIATE_COMMISSION_BPS / 100}
              max={MAX_AFFILIATE_COMMISSION_BPS / 100}
              decimalScale={2}
              value={percent}
              onChange={setPercent}
              error={fieldError('commission_bps')}
              required
              w={170}
            />
            <NumberInput
              label="Duration (months)"
              description="After their first payment"
              min={1}
              max={MAX_AFFILIATE_COMMISSION_MONTHS}
              allowDecimal={false}
              value={months}
              onChange={setMonths}
              error={fieldError('commission_months')}
              required
              w={170}
            />
            <Button type="submit" loading={save.isPending}>
              {terms ? (data.has_role ? 'Save terms' : 'Save and grant the role') : 'Make affiliate'}
            </Button>
          </Group>
        </form>
        {save.error && !fieldError('commission_bps') && !fieldError('commission_months') ? <ApiErrorAlert error={save.error} title="The affiliate terms were not saved" /> : null}
        {terms ? (
          <Text size="sm">
            Live codes:{' '}
            {live.length === 0 ? (
              <Text span c="dimmed">
                none
              </Text>
            ) : (
              live.map((c, i) => (
                <span key={c.code}>
                  {i > 0 ? ', ' : ''}
                  <Anchor href={c.link} ff="monospace" size="sm">
                    {c.code}
                  </Anchor>
                </span>
              ))
            )}
            {terms.codes.length > live.length ? ` · ${terms.codes.length - live.length} retired` : ''}
          </Text>
        ) : null}
      </Stack>
    </Panel>
  );
}
