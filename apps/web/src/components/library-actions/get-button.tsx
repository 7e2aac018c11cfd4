import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCreditCard, IconDownload } from '@tabler/icons-react';
import { itemDownloadPath, packDownloadPath, type AcquisitionTarget } from '@crate/contract/commerce';
import { useNavigate, type NavigateFunction } from 'react-router';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage, needsEmailVerification } from '../../lib/api-error-messages.ts';
import { ApiErrorNotice } from '../api-error-alert.tsx';
import { useProfile } from '../../profile/profile-state.ts';
import { dialogs } from '../dialogs.tsx';
import { formatMoney } from '../money.ts';
import { openPurchase } from './buy-button.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';
import { useAcquire, useOwnedItemIds } from './use-ownership.ts';

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** A pack or bundle with a money price can also be bought outright: the dialog offers it. */
interface BuyOutright {
  label: string;
  buy: () => Promise<boolean>;
}

/**
 * "Not enough credits": how many are missing and every way on from here, never a button to a page that would refuse
 * (decision 0073): a refill when refills are open to this account; without a plan, the plans (refills come with one);
 * with a plan whose refills are used up, a bigger plan; and buying a pack or bundle outright when it has a money price.
 * Dialogs render outside the router, so the buttons navigate through the opener's `navigate`.
 */
async function openCreditsShortDialog(message: string, navigate: NavigateFunction, buyOutright: BuyOutright | null): Promise<void> {
  const modalId = 'credits-short';
  // Which ways are open depends on the plan, not on a role: ask the server.
  const billing = await callApi(API.getBilling, {}).catch(() => null);
  const refillsOpen = billing?.refills.allowed === true;
  const hasPlan = billing?.subscription?.grants_access === true;
  const go = (path: string) => {
    dialogs.close(modalId);
    void navigate(path);
  };
  const advice = refillsOpen
    ? 'Top up with a refill, or wait for your plan to renew.'
    : hasPlan
      ? `${billing?.refills.reason ?? ''} A plan with more credits a month starts today.`
      : 'Choose a plan for credits every month (refills come with a plan).';
  dialogs.open({
    modalId,
    title: 'Not enough credits',
    children: (
      <Stack gap="md">
        <Text>
          {message} {advice}
          {buyOutright ? ' Or buy it outright, without credits.' : ''}
        </Text>
        <Group justify="flex-end">
          {buyOutright ? (
            <Button variant="default" leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => void buyOutright.buy().then((opened) => opened || dialogs.close(modalId))}>
              {buyOutright.label}
            </Button>
          ) : null}
          {refillsOpen ? <Button onClick={() => go('/creditrefill')}>Buy a refill</Button> : <Button onClick={() => go('/pricing')}>{hasPlan ? 'See bigger plans' : 'See plans'}</Button>}
        </Group>
      </Stack>
    ),
  });
}

function useGet(name: string, buyOutright: BuyOutright | null = null) {
  const profile = useProfile();
  const acquire = useAcquire();
  const navigate = useNavigate();
  const short = (cost: number, available: number) => void openCreditsShortDialog(`This costs ${credits(cost)} and you have ${credits(available)}.`, navigate, buyOutright);
  const run = async (target: AcquisitionTarget, id: string, cost: number) => {
    if (cost > profile.credits) {
      short(cost, profile.credits);
      return;
    }
    try {
      const result = await acquire.mutateAsync({ target, id, expected_cost: cost });
      notifications.show({
        color: 'ember',
        message: result.charged > 0 ? `${name} is yours: ${credits(result.charged)} spent, ${credits(result.credits)} left.` : `${name} is in your library.`,
      });
    } catch (error) {
      // The balance shown may be stale (another tab spent): the server's figure wins, with the same ways on.
      if (isApiError(error, 'INSUFFICIENT_CREDITS')) void openCreditsShortDialog(apiErrorMessage(error), navigate, buyOutright);
      else notifications.show({ color: 'red', title: `${name} was not added`, message: <ApiErrorNotice error={error} />, autoClose: needsEmailVerification(error) ? false : undefined });
    }
  };
  return { run, short, pending: acquire.isPending, signedIn: profile.uid !== '' };
}

/**
 * A row's Get / Owned button takes the same width whatever it says ("Get · 1", "Get free", "Owned" with its
 * download icon), so the heart and playlist buttons beside it line up from row to row.
 */
const ROW_GET_BUTTON_WIDTH = 92;

/** Once a sound is yours, its Get button downloads the original file (as often as you like). */
function DownloadOwnedButton({ id, name, compact }: { id: string; name: string; compact: boolean }) {
  return (
    <Button
      component="a"
      href={itemDownloadPath(id)}
      download
      size={compact ? 'compact-sm' : 'sm'}
      miw={compact ? ROW_GET_BUTTON_WIDTH : undefined}
      variant="light"
      color="teal"
      leftSection={compact ? null : <IconCircleCheck size={18} aria-hidden />}
      rightSection={<IconDownload size={compact ? 14 : 18} aria-hidden />}
      aria-label={`Owned: download ${name}`}
      data-owned
    >
      Owned
    </Button>
  );
}

/** On a pack's page, once some of its sounds are yours: all of them (with stems, MIDI and licences) in one zip. */
export function DownloadPackButton({ packId, name, itemIds }: { packId: string; name: string; itemIds: readonly string[] }) {
  const { owned } = useOwnedItemIds();
  const mine = itemIds.filter((id) => owned.has(id)).length;
  if (mine === 0) return null;
  return (
    <Button component="a" href={packDownloadPath(packId)} download variant="light" color="teal" leftSection={<IconDownload size={18} aria-hidden />} aria-label={`Download my sounds (.zip) of ${name}`}>
      Download my sounds (.zip)
    </Button>
  );
}

export interface GetItemButtonProps {
  item: { id: string; name: string; credit_cost: number; is_free: boolean };
  /** The larger button of the item page instead of a row's compact one. */
  withLabel?: boolean;
}

/** "Get" with the credit cost on a sound (free sounds say so), "Owned" once it is yours. */
export function GetItemButton({ item, withLabel = false }: GetItemButtonProps) {
  const { owned, loading } = useOwnedItemIds();
  const { run, pending, signedIn } = useGet(item.name);
  const cost = item.is_free ? 0 : item.credit_cost;
  const compact = !withLabel;
  if (owned.has(item.id)) return <DownloadOwnedButton id={item.id} name={item.name} compact={compact} />;
  // The name starts with the words the button shows (a row's "Get · 1" reads "Get 1 credit"; the dot is not spoken),
  // then the sound.
  const words = cost === 0 ? 'Get free' : `Get ${credits(cost)}`;
  const shown = cost === 0 ? words : `Get · ${compact ? cost : credits(cost)}`;
  const button = (
    <Button
      size={compact ? 'compact-sm' : 'sm'}
      miw={compact ? ROW_GET_BUTTON_WIDTH : undefined}
      variant={withLabel ? 'filled' : 'default'}
      leftSection={pending ? <Loader size={12} /> : withLabel ? <IconDownload size={18} aria-hidden /> : null}
      disabled={loading}
      aria-label={`${words}: ${item.name}`}
      onClick={signedIn && !pending ? () => void run('item', item.id, cost) : undefined}
      data-get-button
    >
      {shown}
    </Button>
  );
  if (!signedIn) return <SignInPrompt message={cost === 0 ? 'Free sounds need a free account: log in or sign up to get this one.' : 'Log in to get sounds with your credits.'}>{button}</SignInPrompt>;
  return button;
}

export interface GetAllButtonProps {
  target: 'pack' | 'bundle';
  id: string;
  name: string;
  /** What getting it costs this viewer now, from the pack's or the bundle's answer: the button shows it; `money`, buying it outright instead. */
  price?: { cost: number; owned_count: number; item_count: number; money?: { amount: number; currency: string } | null } | null;
}

/**
 * "Get all" of a pack or bundle, with what it costs the viewer: "Get the whole pack · 17", or once some of
 * its sounds are theirs "Get the rest · 15" (the rest at its price pro rata, decision 0033). It asks
 * the server again, confirms, and gets them at exactly the confirmed price.
 */
export function GetAllButton({ target, id, name, price }: GetAllButtonProps) {
  const money = price?.money ?? null;
  const buyOutright = money ? { label: `Buy for ${formatMoney(money.amount, money.currency)}`, buy: () => openPurchase({ target, id, name, amount: money.amount }) } : null;
  const { run, short, pending, signedIn } = useGet(name, buyOutright);
  const open = async () => {
    try {
      const quote = await callApi(API.quoteAcquisition, { query: { target, id } });
      if (quote.owned_count === quote.item_count) {
        notifications.show({ message: `You own every sound of ${name} already.` });
        return;
      }
      const missing = quote.item_count - quote.owned_count;
      if (quote.cost > quote.credits) {
        short(quote.cost, quote.credits);
        return;
      }
      dialogs.openConfirmModal({
        title: `Get ${name}`,
        children: (
          <Text>
            {missing === quote.item_count ? `All ${missing} sounds` : `The ${missing} sounds you do not own yet (of ${quote.item_count})`} for{' '}
            {quote.cost === 0 ? 'free' : credits(quote.cost)}. You have {credits(quote.credits)}.
          </Text>
        ),
        labels: { confirm: quote.cost === 0 ? 'Get them' : `Spend ${credits(quote.cost)}`, cancel: 'Cancel' },
        onConfirm: () => void run(target, id, quote.cost),
      });
    } catch (error) {
      notifications.show({ color: 'red', title: `${name} could not be priced`, message: apiErrorMessage(error) });
    }
  };
  if (price && price.item_count > 0 && price.owned_count === price.item_count) return null;
  const label = price && price.owned_count > 0 ? 'Get the rest' : `Get ${target === 'pack' ? 'the whole pack' : 'the bundle'}`;
  // The name starts with the words shown (the dot is not spoken), then what it gets (decision 0030).
  const words = price ? `${label} ${price.cost === 0 ? 'free' : credits(price.cost)}` : label;
  const shown = price ? `${label} · ${price.cost === 0 ? 'free' : price.cost}` : label;
  const button = (
    <Button
      leftSection={pending ? <Loader size={14} /> : <IconDownload size={18} aria-hidden />}
      aria-label={`${words}: ${name}`}
      onClick={signedIn && !pending ? () => void open() : undefined}
      data-get-all-button
    >
      {shown}
    </Button>
  );
  if (!signedIn) return <SignInPrompt message="Log in to get sounds with your credits.">{button}</SignInPrompt>;
  return button;
}
