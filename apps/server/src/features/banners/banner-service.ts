import type { z } from 'zod';
import type { AdminBanner, BannerList, bannerInputSchema, reorderBannersSchema, updateBannerSchema } from '@crate/contract/banners';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { asBanner } from '../../policies/banner-policy.ts';
import { authorize } from '../../policies/can.ts';
import { checkUploadedImage, releaseUploadedImage } from '../admin-images/admin-image-service.ts';
import {
  deleteBannerRow,
  findBannerRow,
  insertBannerRow,
  listBannerRows,
  lockBannerOrder,
  nextSortOrder,
  updateBannerRow,
  writeBannerOrder,
  type BannerRow,
  type BannerValues,
} from './banner-repository.ts';
import { orderVersionOf, presentAdminBanner, presentBannerList } from './banner-presenter.ts';

type BannerInput = z.output<typeof bannerInputSchema>;
type UpdateBannerInput = z.output<typeof updateBannerSchema>;
type ReorderInput = z.output<typeof reorderBannersSchema>;

const THAT_BANNER = 'That banner';

/**
 * A banner's link as stored: a path on Crate. An https URL is taken only when it names this site (its host is
 * the public URL's), and is kept as its path, so the banner works wherever Crate is served (docs/decisions/0044).
 * The contract already refused other schemes, `//` and backslashes.
 */
function sameSiteLink(link: string | null, publicUrl: string): string | null {
  if (link === null) return null;
  const site = new URL(publicUrl);
  const url = new URL(link, site);
  if (url.host !== site.host) {
    throw new AppError('VALIDATION_FAILED', `A banner links within Crate: ${url.host} is another site. Link to a path such as /packs/lo-fi.`, 'link_url');
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

async function valuesOf(ctx: AppContext, input: BannerInput): Promise<BannerValues> {
  const linkUrl = sameSiteLink(input.link_url, ctx.config.publicUrl);
  await checkUploadedImage(ctx.db, input.image_file_id, 'banner', 'image_file_id');
  return {
    title: input.title,
    subtitle: input.subtitle,
    imageFileId: input.image_file_id,
    position: input.position,
    linkUrl,
    active: input.active,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
  };
}

/** What an audit entry keeps of a banner. */
function audited(values: BannerValues): Record<string, unknown> {
  return {
    title: values.title,
    subtitle: values.subtitle,
    image_file_id: values.imageFileId,
    position: values.position,
    link_url: values.linkUrl,
    active: values.active,
    starts_at: values.startsAt?.toISOString() ?? null,
    ends_at: values.endsAt?.toISOString() ?? null,
  };
}

async function bannerList(db: DbOrTx): Promise<BannerList> {
  return presentBannerList(await listBannerRows(db));
}

export function listBanners(ctx: AppContext): Promise<BannerList> {
  return bannerList(ctx.db);
}

export async function getBanner(ctx: AppContext, viewer: Viewer, id: string): Promise<AdminBanner> {
  return presentAdminBanner(authorize(viewer, 'read', await findBannerRow(ctx.db, id), asBanner, THAT_BANNER));
}

export async function createBanner(ctx: AppContext, viewer: Viewer, input: BannerInput, ipAddress: string | null): Promise<AdminBanner> {
  const values = await valuesOf(ctx, input);
  return ctx.db.transaction(async (tx) => {
    // Behind any reorder under way, so the new banner's place is after the last.
    await lockBannerOrder(tx);
    const id = await insertBannerRow(tx, { ...values, sortOrder: await nextSortOrder(tx) });
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'banner.created', targetType: 'banner', targetId: id, details: audited(values), ipAddress });
    return presentAdminBanner((await findBannerRow(tx, id))!);
  });
}

export async function updateBanner(ctx: AppContext, viewer: Viewer, id: string, input: UpdateBannerInput, ipAddress: string | null): Promise<AdminBanner> {
  const values = await valuesOf(ctx, input);
  let before: BannerRow | undefined;
  const banner = await ctx.db.transaction(async (tx) => {
    const row = authorize(viewer, 'edit', await findBannerRow(tx, id, true), asBanner, THAT_BANNER);
    if (Date.parse(input.expected_updated_at) !== row.updatedAt.getTime()) {
      throw new AppError('CONFLICT', 'This banner was changed somewhere else since you opened it. Reload to see the changes, then make yours again.', 'expected_updated_at');
    }
    before = row;
    await updateBannerRow(tx, id, values);
    const from = audited(row);
    const to = audited(values);
    const changes = Object.fromEntries(Object.keys(to).filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key])).map((key) => [key, { from: from[key], to: to[key] }]));
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'banner.updated', targetType: 'banner', targetId: id, details: { changes }, ipAddress });
    return presentAdminBanner((await findBannerRow(tx, id))!);
  });
  if (before && before.imageFileId !== values.imageFileId) await releaseUploadedImage(ctx, before.imageFileId);
  return banner;
}

export async function deleteBanner(ctx: AppContext, viewer: Viewer, id: string, ipAddress: string | null): Promise<BannerList> {
  const { list, imageFileId } = await ctx.db.transaction(async (tx) => {
    await lockBannerOrder(tx);
    const row = authorize(viewer, 'edit', await findBannerRow(tx, id, true), asBanner, THAT_BANNER);
    await deleteBannerRow(tx, id);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'banner.deleted', targetType: 'banner', targetId: id, details: audited(row), ipAddress });
    return { list: await bannerList(tx), imageFileId: row.imageFileId };
  });
  await releaseUploadedImage(ctx, imageFileId);
  return list;
}

/**
 * Puts every banner in the order given. The caller names the order it saw (`order_version`): if banners were
 * reordered, added or removed since — another admin, or another tab — nothing is written and the answer is a 409.
 */
export async function reorderBanners(ctx: AppContext, viewer: Viewer, input: ReorderInput, ipAddress: string | null): Promise<BannerList> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockBannerOrder(tx);
    if (orderVersionOf(current) !== input.order_version) {
      throw new AppError('CONFLICT', 'The banners were reordered, added or removed somewhere else since you loaded them. Reload to see the current order, then move them again.', 'order_version');
    }
    const known = new Set(current);
    if (input.ids.length !== current.length || input.ids.some((id) => !known.has(id))) {
      throw new AppError('VALIDATION_FAILED', `Send every banner once, in the new order: there are ${current.length} and the order names ${input.ids.length}.`, 'ids');
    }
    await writeBannerOrder(tx, input.ids);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'banner.reordered', targetType: 'banner', targetId: 'order', details: { from: current, to: input.ids }, ipAddress });
    return bannerList(tx);
  });
}
