import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminBanner, BannerList } from '@crate/contract/banners';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { dialogs } from '../../../components/dialogs.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { useDeleteBanner, useReorderBanners } from '../api/banners.ts';

function when(banner: AdminBanner): string {
  const from = banner.starts_at ? new Date(banner.starts_at).toLocaleString() : null;
  const until = banner.ends_at ? new Date(banner.ends_at).toLocaleString() : null;
  if (from && until) return `${from} – ${until}`;
  if (from) return `from ${from}`;
  if (until) return `until ${until}`;
  return 'no end';
}

/** A banner as its row shows it: its picture, title (to its editor), corner and dates, and whether Discover shows it now. */
function BannerRow({ banner }: { banner: AdminBanner }) {
  return (
    <Group wrap="nowrap" gap="sm" data-banner-id={banner.id}>
      {banner.images['1088x400'] ? <img src={banner.images['1088x400']} alt="" width={109} height={40} style={{ borderRadius: 6, objectFit: 'cover' }} /> : null}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={`/editbanner/${banner.id}`} fw={600} truncate="end">
          {banner.title}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {banner.position} · {when(banner)}
        </Text>
      </Stack>
      <Badge color={banner.live ? 'teal' : 'gray'} variant="light">
        {banner.live ? 'On Discover' : banner.active ? 'Outside its dates' : 'Switched off'}
      </Badge>
    </Group>
  );
}

/**
 * Discover's banners in their order (the shared SortableList: drag a handle, or Space, arrows, Space). The order
 * is sent with the version it was read at, so an order changed in another tab meanwhile is refused (and this
 * one reloaded) instead of mixed. Removing asks first.
 */
export function BannerOrderList({ list }: { list: BannerList }) {
  const reorder = useReorderBanners();
  const remove = useDeleteBanner();
  const confirmDelete = (banner: AdminBanner) =>
    dialogs.openConfirmModal({
      title: `Remove “${banner.title}”?`,
      children: <Text size="sm">It leaves Discover at once, with its picture. This cannot be undone.</Text>,
      labels: { confirm: 'Remove the banner', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(banner.id),
    });

  return (
    <Stack gap="xs">
      <SortableList
        items={list.banners}
        idOf={(banner) => banner.id}
        nameOf={(banner) => banner.title}
        render={(banner) => <BannerRow banner={banner} />}
        onMove={(ids) => reorder.mutateAsync({ ids, order_version: list.order_version }).catch(() => undefined)}
        onRemove={confirmDelete}
        label="Banners in Discover's order"
        disabled={reorder.isPending || remove.isPending}
      />
      <ApiErrorAlert error={reorder.error} title="The new order was not saved" />
      <ApiErrorAlert error={remove.error} title="The banner was not removed" />
    </Stack>
  );
}
