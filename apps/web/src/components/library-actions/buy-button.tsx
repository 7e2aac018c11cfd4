import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PurchaseTarget } from '@crate/contract/commerce-enums';
import { startPurchase } from '../../features/checkout/api/checkout.ts';
import { needsEmailVerification } from '../../lib/api-error-messages.ts';
import { ApiErrorNotice } from '../api-error-alert.tsx';
import { useProfile } from '../../profile/profile-state.ts';
import { formatMoney } from '../money.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';

export interface BuyButtonProps {
  target: PurchaseTarget;
  id: string;
  name: string;
  /** The viewer's price from the pack's or bundle's answer: `money` is what buying it outright charges them now. */
  price: { owned_count: number; item_count: number; money: { amount: number; currency: string } | null } | null;
  /** The query of the answer the price came from, reloaded when the server says the price moved. */
  queryKey: readonly unknown[];
}

/**
 * Opens the checkout of a pack or bundle at exactly the amount shown and sends the browser to the payment page
 * (decision 0047). False when it did not open; the person is told why.
 */
export async function openPurchase(input: { target: PurchaseTarget; id: string; name: string; amount: number }): Promise<boolean> {
  try {
    const session = await startPurchase({ target: input.target, id: input.id, expected_amount: input.amount }, { signedIn: true });
    window.location.assign(session.url);
    return true;
  } catch (error) {
    notifications.show({ color: 'red', title: `Checkout for ${input.name} did not open`, message: <ApiErrorNotice error={error} />, autoClose: needsEmailVerification(error) ? false : undefined });
    return false;
  }
}

/**
 * "Buy for $12.99" beside the credits button of a pack or bundle with a money price (decision 0047), or "Buy the
 * rest for $5.00" once some of its sounds are the viewer's (the money price pro rata, as credits are). It opens
 * the checkout at exactly the amount shown and sends the browser to the payment page; the page it started on
 * shows the outcome when the buyer comes back (CheckoutReturn).
 */
export function BuyButton({ target, id, name, price, queryKey }: BuyButtonProps) {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  if (!price?.money) return null;
  const { amount, currency } = price.money;
  const label = `${price.owned_count > 0 ? 'Buy the rest for' : 'Buy for'} ${formatMoney(amount, currency)}`;
  const signedIn = profile.uid !== '';

  const buy = async () => {
    setOpening(true);
    if (await openPurchase({ target, id, name, amount })) return;
    setOpening(false);
    // The price may have moved (a sound got meanwhile): show the one the server has now.
    void queryClient.invalidateQueries({ queryKey });
  };
  const button = (
    <Button variant="light" color="ember" leftSection={<IconCreditCard size={18} aria-hidden />} loading={opening} aria-label={`${label}: ${name}`} onClick={signedIn ? () => void buy() : undefined} data-buy-button>
      {label}
    </Button>
  );
  if (!signedIn) return <SignInPrompt message="Log in to buy it: what you buy is yours, with a licence for every sound.">{button}</SignInPrompt>;
  return button;
}
