import { describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { AppError } from '../http/app-error.ts';
import { authorize, can } from './can.ts';
import { asCreatorApplication, type CreatorApplicationAction } from './creator-application-policy.ts';
import { asAnalytics } from './analytics-policy.ts';
import { asCreator, type CreatorAction } from './creator-policy.ts';
import { asItem, type ItemAction } from './item-policy.ts';
import { asMedia } from './media-policy.ts';
import { asPack, type PackAction } from './pack-policy.ts';
import { asPlaylist, type PlaylistAction } from './playlist-policy.ts';
import { asUpload, type UploadAction } from './upload-policy.ts';
import { asInvite, type InviteAction } from './invite-policy.ts';
import { asCollaborator, type CollaboratorAction } from './collaborator-policy.ts';
import { asCheckout, type CheckoutAction } from './checkout-policy.ts';
import { asLicence } from './licence-policy.ts';
import { asAccount, type AccountAction } from './account-policy.ts';
import { asPayoutLine } from './payout-line-policy.ts';
import { asAffiliateCode, type AffiliateCodeAction } from './affiliate-code-policy.ts';
import { asRelease, type ReleaseAction } from './release-policy.ts';
import type { PolicyViewer } from './policy-viewer.ts';

/**
 * The object-level rules as tables: viewer kind × resource state → the actions allowed, every other
 * action refused. Written by hand from docs/product-overview.md §6 and docs/decisions/0013, not from the code.
 */
const CREATOR = 'c0000000-0000-4000-8000-000000000001';
const OTHER_CREATOR = 'c0000000-0000-4000-8000-000000000002';

const VIEWERS = {
  visitor: null,
  subscriber: { userId: 'u-sub', roles: ['subscriber'], creatorId: null, collaboratorOf: [] },
  collaborator: { userId: 'u-collab', roles: ['collaborator'], creatorId: null, collaboratorOf: [CREATOR] },
  owner: { userId: 'u-owner', roles: ['creator'], creatorId: CREATOR, collaboratorOf: [] },
  otherCreator: { userId: 'u-other', roles: ['creator', 'collaborator'], creatorId: OTHER_CREATOR, collaboratorOf: [OTHER_CREATOR] },
  admin: { userId: 'u-admin', roles: ['admin'], creatorId: null, collaboratorOf: [] },
} satisfies Record<string, PolicyViewer>;
type ViewerKind = keyof typeof VIEWERS;

const PACK_ACTIONS: PackAction[] = ['read', 'studio', 'edit', 'submit', 'review', 'collect', 'takedown', 'split', 'withdraw'];
const PACK_STATES = {
  published: PACK_STATUS.published,
  draft: PACK_STATUS.draft,
  awaitingApproval: PACK_STATUS.awaitingApproval,
  archived: PACK_STATUS.archived,
};

// prettier-ignore
const PACK_TABLE: [ViewerKind, keyof typeof PACK_STATES, PackAction[]][] = [
  ['visitor',      'published',        ['read']],
  ['visitor',      'draft',            []],
  ['visitor',      'archived',         []],
  ['subscriber',   'published',        ['read', 'collect']],
  ['subscriber',   'draft',            []],
  ['subscriber',   'awaitingApproval', []],
  ['collaborator', 'published',        ['read', 'studio', 'collect']],
  ['collaborator', 'draft',            ['read', 'studio']],
  ['collaborator', 'archived',         ['read', 'studio']],
  ['owner',        'published',        ['read', 'studio', 'edit', 'submit', 'collect', 'split', 'withdraw']],
  ['owner',        'draft',            ['read', 'studio', 'edit', 'submit', 'split', 'withdraw']],
  ['owner',        'archived',         ['read', 'studio', 'edit', 'submit', 'split', 'withdraw']],
  ['otherCreator', 'published',        ['read', 'collect']],
  ['otherCreator', 'draft',            []],
  ['otherCreator', 'awaitingApproval', []],
  ['admin',        'published',        ['read', 'studio', 'edit', 'submit', 'review', 'collect', 'takedown']],
  ['admin',        'draft',            ['read', 'studio', 'edit', 'submit', 'review', 'takedown']],
  ['admin',        'awaitingApproval', ['read', 'studio', 'edit', 'submit', 'review']],
  ['admin',        'archived',         ['read', 'studio', 'edit', 'submit', 'review']],
];

const ITEM_ACTIONS: ItemAction[] = ['read', 'download', 'collect', 'get', 'studio', 'edit', 'takedown'];
const ITEM_STATES = {
  listedFree: { packStatus: PACK_STATUS.published, takenDown: false, isFree: true, owned: false },
  listedPaid: { packStatus: PACK_STATUS.published, takenDown: false, isFree: false, owned: false },
  listedOwned: { packStatus: PACK_STATUS.published, takenDown: false, isFree: false, owned: true },
  takenDownFree: { packStatus: PACK_STATUS.published, takenDown: true, isFree: true, owned: false },
  takenDownOwned: { packStatus: PACK_STATUS.published, takenDown: true, isFree: false, owned: true },
  archivedOwned: { packStatus: PACK_STATUS.archived, takenDown: false, isFree: false, owned: true },
  unpublishedFree: { packStatus: PACK_STATUS.draft, takenDown: false, isFree: true, owned: false },
};

// prettier-ignore
const ITEM_TABLE: [ViewerKind, keyof typeof ITEM_STATES, ItemAction[]][] = [
  ['visitor',      'listedFree',      ['read']],
  ['visitor',      'listedOwned',     ['read']],
  ['visitor',      'takenDownFree',   []],
  ['visitor',      'unpublishedFree', []],
  ['subscriber',   'listedFree',      ['read', 'download', 'collect', 'get']],
  ['subscriber',   'listedPaid',      ['read', 'collect', 'get']],
  ['subscriber',   'listedOwned',     ['read', 'download', 'collect', 'get']],
  ['subscriber',   'takenDownFree',   []],
  ['subscriber',   'takenDownOwned',  ['download']],
  ['subscriber',   'archivedOwned',   ['download']],
  ['subscriber',   'unpublishedFree', []],
  ['collaborator', 'listedPaid',      ['read', 'download', 'collect', 'get', 'studio']],
  ['collaborator', 'takenDownFree',   ['read', 'download', 'studio']],
  ['collaborator', 'unpublishedFree', ['read', 'download', 'studio']],
  ['owner',        'listedPaid',      ['read', 'download', 'collect', 'get', 'studio', 'edit']],
  ['owner',        'takenDownFree',   ['read', 'download', 'studio', 'edit']],
  ['owner',        'unpublishedFree', ['read', 'download', 'studio', 'edit']],
  ['otherCreator', 'listedPaid',      ['read', 'collect', 'get']],
  ['otherCreator', 'takenDownFree',   []],
  ['otherCreator', 'unpublishedFree', []],
  ['admin',        'listedPaid',      ['read', 'download', 'collect', 'get', 'studio', 'edit', 'takedown']],
  ['admin',        'takenDownFree',   ['read', 'download', 'studio', 'edit']],
  ['admin',        'unpublishedFree', ['read', 'download', 'studio', 'edit', 'takedown']],
];

const PLAYLIST_ACTIONS: PlaylistAction[] = ['read', 'edit'];
// prettier-ignore
const PLAYLIST_TABLE: [ViewerKind, 'own' | "another user's", PlaylistAction[]][] = [
  ['visitor',    "another user's", []],
  ['subscriber', 'own',            ['read', 'edit']],
  ['subscriber', "another user's", []],
  ['owner',      "another user's", []],
  ['admin',      'own',            ['read', 'edit']],
  ['admin',      "another user's", []], // a library is personal: no admin override
];

const CREATOR_ACTIONS: CreatorAction[] = ['open', 'invite', 'manage'];
// prettier-ignore
const CREATOR_TABLE: [ViewerKind, 'own profile' | "another's profile" | 'no profile yet', CreatorAction[]][] = [
  ['visitor',      "another's profile", []],
  ['subscriber',   'no profile yet',    []],
  ['collaborator', "another's profile", []], // the creator the collaborator works with: read-only
  ['owner',        'own profile',       ['invite', 'manage']],
  ['owner',        'no profile yet',    ['open']],
  ['otherCreator', "another's profile", []],
  ['admin',        "another's profile", ['manage']],
  ['admin',        'no profile yet',    []], // no creator role: no catalogue to share
];

const APPLICATION_ACTIONS: CreatorApplicationAction[] = ['read', 'apply', 'change', 'review'];
// prettier-ignore
const APPLICATION_TABLE: [ViewerKind, 'own' | "another user's", CreatorApplicationAction[]][] = [
  ['visitor',    "another user's", []],
  ['subscriber', 'own',            ['read', 'apply', 'change']],
  ['subscriber', "another user's", []],
  ['owner',      'own',            ['read', 'change']], // already sells: no new application
  ['owner',      "another user's", []],
  ['admin',      "another user's", ['read', 'review']],
  ['admin',      'own',            ['read', 'apply', 'change']], // another admin decides on an admin's own application
];

const INVITE_ACTIONS: InviteAction[] = ['read', 'withdraw', 'accept'];
// prettier-ignore
const INVITE_TABLE: [ViewerKind, 'from their profile' | "from another creator's", InviteAction[]][] = [
  ['visitor',      "from another creator's", []],
  ['subscriber',   "from another creator's", ['accept']],
  ['owner',        'from their profile',     ['read', 'withdraw']], // not to themselves
  ['owner',        "from another creator's", ['accept']],
  ['collaborator', "from another creator's", ['accept']], // the creator they work with: cannot withdraw it for them
  ['admin',        "from another creator's", ['accept']], // an invite is the owner's word: no admin override
];

const COLLABORATOR_ACTIONS: CollaboratorAction[] = ['read', 'remove'];
// prettier-ignore
const COLLABORATOR_TABLE: [ViewerKind, 'in their team' | 'themselves' | "in another creator's team", CollaboratorAction[]][] = [
  ['visitor',      "in another creator's team", []],
  ['owner',        'in their team',             ['read', 'remove']],
  ['collaborator', 'themselves',                ['read']],
  ['otherCreator', "in another creator's team", []],
  ['admin',        "in another creator's team", []],
];

// prettier-ignore
const CHECKOUT_TABLE: [ViewerKind, 'own' | "another user's", boolean][] = [
  ['visitor',    "another user's", false],
  ['subscriber', 'own',            true],
  ['subscriber', "another user's", false],
  ['admin',      "another user's", false], // a payment in progress is between its user and the provider
];

// prettier-ignore
const LICENCE_TABLE: [ViewerKind, 'own' | "another user's", boolean][] = [
  ['visitor',    "another user's", false], // verifying by its number is public, without the holder: not this action
  ['subscriber', 'own',            true],
  ['subscriber', "another user's", false],
  ['owner',      "another user's", false], // the creator whose sound it licenses
  ['admin',      "another user's", false],
];

// prettier-ignore
const PAYOUT_LINE_TABLE: [ViewerKind, 'own' | "another user's", boolean][] = [
  ['visitor',      "another user's", false],
  ['collaborator', 'own',            true],
  ['collaborator', "another user's", false], // the creator's own line, or another collaborator's
  ['owner',        'own',            true],
  ['owner',        "another user's", false], // their collaborator's line: what a collaborator earns is theirs
  ['admin',        "another user's", false], // admins read lines on /monthlypayout, not through the payee's answers
];

const ACCOUNT_ACTIONS: AccountAction[] = ['read', 'manage', 'disable'];
// prettier-ignore
const ACCOUNT_TABLE: [ViewerKind, 'own' | "another user's", AccountAction[]][] = [
  ['visitor',    "another user's", []],
  ['subscriber', 'own',            []], // their own account is on Account, not in user management
  ['subscriber', "another user's", []],
  ['owner',      "another user's", []],
  ['admin',      "another user's", ['read', 'manage', 'disable']],
  ['admin',      'own',            ['read', 'manage']], // nobody disables themselves
];

// prettier-ignore
const ANALYTICS_TABLE: [ViewerKind, boolean][] = [
  ['visitor',      false],
  ['subscriber',   false],
  ['collaborator', true],  // reads the figures of the creator they work with
  ['owner',        true],
  ['otherCreator', false], // even for a published pack: the figures are the creator's, not the page's
  ['admin',        true],
];

/** What a stored file belongs to, for /api/media: a listed or taken-down sound, a draft, a public page, nothing yet. */
const MEDIA_STATES = {
  listedSound: { items: [{ pack: { creatorId: CREATOR, status: PACK_STATUS.published }, takenDown: false, isFree: false, owned: false }], packs: [], onPublicPage: false },
  takenDownSound: { items: [{ pack: { creatorId: CREATOR, status: PACK_STATUS.published }, takenDown: true, isFree: false, owned: false }], packs: [], onPublicPage: false },
  draftCover: { items: [], packs: [{ creatorId: CREATOR, status: PACK_STATUS.draft }], onPublicPage: false },
  // A sound reused in a published pack after its draft: readable through the published one.
  reusedSound: { items: [], packs: [{ creatorId: CREATOR, status: PACK_STATUS.draft }, { creatorId: CREATOR, status: PACK_STATUS.published }], onPublicPage: false },
  creatorAvatar: { items: [], packs: [], onPublicPage: true },
  ownUpload: { items: [], packs: [], onPublicPage: false },
  othersUpload: { items: [], packs: [], onPublicPage: false },
};

// prettier-ignore
const MEDIA_TABLE: [ViewerKind, keyof typeof MEDIA_STATES, boolean][] = [
  ['visitor',      'listedSound',    true],
  ['visitor',      'takenDownSound', false],
  ['visitor',      'draftCover',     false],
  ['visitor',      'reusedSound',    true],
  ['visitor',      'creatorAvatar',  true],
  ['subscriber',   'takenDownSound', false],
  ['subscriber',   'ownUpload',      true],  // a demo they attached to their creator application
  ['subscriber',   'othersUpload',   false],
  ['collaborator', 'takenDownSound', true],
  ['collaborator', 'draftCover',     true],
  ['collaborator', 'othersUpload',   false],
  ['owner',        'draftCover',     true],
  ['otherCreator', 'draftCover',     false],
  ['otherCreator', 'takenDownSound', false],
  ['admin',        'takenDownSound', true],
  ['admin',        'draftCover',     true],
  ['admin',        'othersUpload',   true],
];

const UPLOAD_ACTIONS: UploadAction[] = ['read', 'write', 'cancel'];
// prettier-ignore
const UPLOAD_TABLE: [ViewerKind, 'own' | "another user's", UploadAction[]][] = [
  ['visitor',      "another user's", []],
  ['owner',        'own',            ['read', 'write', 'cancel']],
  ['otherCreator', "another user's", []],
  ['collaborator', "another user's", []], // even an upload into the pack of the creator they work with
  ['admin',        "another user's", []], // a transfer in progress is its sender's alone
];

const verdicts = <A extends string>(actions: A[], decide: (action: A) => boolean) => Object.fromEntries(actions.map((action) => [action, decide(action)]));
const expected = <A extends string>(actions: A[], allowed: A[]) => Object.fromEntries(actions.map((action) => [action, allowed.includes(action)]));

describe('object-level rules', () => {
  it.each(PACK_TABLE)('%s × %s pack → %j', (kind, state, allowed) => {
    const pack = asPack({ creatorId: CREATOR, status: PACK_STATES[state] });
    expect(verdicts(PACK_ACTIONS, (action) => can(VIEWERS[kind], action, pack))).toEqual(expected(PACK_ACTIONS, allowed));
  });

  it.each(ITEM_TABLE)('%s × %s item → %j', (kind, state, allowed) => {
    const { packStatus, takenDown, isFree, owned } = ITEM_STATES[state];
    const item = asItem({ packCreatorId: CREATOR, packStatus, takenDownAt: takenDown ? new Date() : null, isFree, owned });
    expect(verdicts(ITEM_ACTIONS, (action) => can(VIEWERS[kind], action, item))).toEqual(expected(ITEM_ACTIONS, allowed));
  });

  it.each(PLAYLIST_TABLE)('%s × %s playlist → %j', (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    const playlist = asPlaylist({ userId: whose === 'own' && viewer ? viewer.userId : 'u-someone-else' });
    expect(verdicts(PLAYLIST_ACTIONS, (action) => can(viewer, action, playlist))).toEqual(expected(PLAYLIST_ACTIONS, allowed));
  });

  it.each(CREATOR_TABLE)('%s × %s → %j', (kind, which, allowed) => {
    const viewer = VIEWERS[kind];
    const creator = asCreator(
      which === 'own profile' ? { id: CREATOR, userId: viewer!.userId } : which === 'no profile yet' ? { id: null, userId: viewer!.userId } : { id: CREATOR, userId: 'u-owner' },
    );
    expect(verdicts(CREATOR_ACTIONS, (action) => can(viewer, action, creator))).toEqual(expected(CREATOR_ACTIONS, allowed));
  });

  it.each(ANALYTICS_TABLE)('%s reads the analytics of the creator’s items and packs → %s', (kind, allowed) => {
    expect(can(VIEWERS[kind], 'read', asAnalytics({ creatorId: CREATOR }))).toBe(allowed);
  });

  it.each(MEDIA_TABLE)('%s × %s → reads it: %s', (kind, state, allowed) => {
    const viewer = VIEWERS[kind];
    const uploaderUserId = state === 'ownUpload' && viewer ? viewer.userId : 'u-uploader';
    expect(can(viewer, 'read', asMedia({ ...MEDIA_STATES[state], uploaderUserId }))).toBe(allowed);
  });

  it.each(UPLOAD_TABLE)('%s × %s upload in progress → %j', (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    const upload = asUpload({ startedByUserId: whose === 'own' && viewer ? viewer.userId : 'u-uploader' });
    expect(verdicts(UPLOAD_ACTIONS, (action) => can(viewer, action, upload))).toEqual(expected(UPLOAD_ACTIONS, allowed));
  });

  it.each(APPLICATION_TABLE)('%s × %s creator application → %j', (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    const application = asCreatorApplication({ userId: whose === 'own' && viewer ? viewer.userId : 'u-applicant' });
    expect(verdicts(APPLICATION_ACTIONS, (action) => can(viewer, action, application))).toEqual(expected(APPLICATION_ACTIONS, allowed));
  });

  it.each(INVITE_TABLE)('%s × an invite %s → %j', (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    const invite = asInvite({ creatorUserId: whose === 'from their profile' && viewer ? viewer.userId : 'u-inviter' });
    expect(verdicts(INVITE_ACTIONS, (action) => can(viewer, action, invite))).toEqual(expected(INVITE_ACTIONS, allowed));
  });

  it.each(COLLABORATOR_TABLE)('%s × a collaborator %s → %j', (kind, which, allowed) => {
    const viewer = VIEWERS[kind];
    const collaboration = asCollaborator({
      creatorUserId: which === 'in their team' && viewer ? viewer.userId : 'u-team-owner',
      userId: which === 'themselves' && viewer ? viewer.userId : 'u-collab-2',
    });
    expect(verdicts(COLLABORATOR_ACTIONS, (action) => can(viewer, action, collaboration))).toEqual(expected(COLLABORATOR_ACTIONS, allowed));
  });

  it.each(CHECKOUT_TABLE)('%s × %s checkout session → reads it: %s', (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    const checkout = asCheckout({ userId: whose === 'own' && viewer ? viewer.userId : 'u-buyer' });
    expect(verdicts<CheckoutAction>(['read'], (action) => can(viewer, action, checkout))).toEqual({ read: allowed });
  });

  it.each(LICENCE_TABLE)('%s × %s licence certificate → reads it (its PDF): %s', (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    expect(can(viewer, 'read', asLicence({ holderUserId: whose === 'own' && viewer ? viewer.userId : 'u-holder' }))).toBe(allowed);
  });

  it.each(PAYOUT_LINE_TABLE)('%s × %s payout line → reads it (earnings, statements): %s', (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    expect(can(viewer, 'read', asPayoutLine({ payeeUserId: whose === 'own' && viewer ? viewer.userId : 'u-payee' }))).toBe(allowed);
  });

  // prettier-ignore
  const AFFILIATE_CODE_TABLE: [ViewerKind, 'own' | 'other', AffiliateCodeAction[]][] = [
    ['visitor',      'other', []],
    ['subscriber',   'other', []],
    ['subscriber',   'own',   ['read', 'retire']],
    ['owner',        'other', []],
    ['admin',        'other', ['read', 'retire']],
  ];
  const AFFILIATE_CODE_ACTIONS: AffiliateCodeAction[] = ['read', 'retire'];

  it.each(AFFILIATE_CODE_TABLE)("%s × %s affiliate's referral code → %j", (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    const code = asAffiliateCode({ affiliateUserId: whose === 'own' && viewer ? viewer.userId : 'u-affiliate' });
    expect(verdicts(AFFILIATE_CODE_ACTIONS, (action) => can(viewer, action, code))).toEqual(expected(AFFILIATE_CODE_ACTIONS, allowed));
  });

  // prettier-ignore
  const RELEASE_TABLE: [ViewerKind, 'produced' | 'writes' | 'other', ReleaseAction[]][] = [
    ['visitor',      'other',    []],
    ['subscriber',   'produced', ['read', 'decide']],
    ['subscriber',   'writes',   ['read', 'answer']],
    ['subscriber',   'other',    []],
    ['admin',        'other',    []],
  ];
  const RELEASE_ACTIONS: ReleaseAction[] = ['read', 'answer', 'decide'];

  it.each(RELEASE_TABLE)('%s × release they %s → %j (no admin override)', (kind, tie, allowed) => {
    const viewer = VIEWERS[kind];
    const me = viewer?.userId ?? 'nobody';
    const release = asRelease({ producerUserId: tie === 'produced' ? me : 'u-producer', partyUserIds: [tie === 'produced' ? me : 'u-producer', 'u-writer', ...(tie === 'writes' ? [me] : [])] });
    expect(verdicts(RELEASE_ACTIONS, (action) => can(viewer, action, release))).toEqual(expected(RELEASE_ACTIONS, allowed));
  });

  it.each(ACCOUNT_TABLE)('%s × %s account in user management → %j', (kind, whose, allowed) => {
    const viewer = VIEWERS[kind];
    const account = asAccount({ userId: whose === 'own' && viewer ? viewer.userId : 'u-account' });
    expect(verdicts(ACCOUNT_ACTIONS, (action) => can(viewer, action, account))).toEqual(expected(ACCOUNT_ACTIONS, allowed));
  });
});

describe('authorize: 404 hides what the viewer may not read, 403 refuses what they can see', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof AppError ? [error.status, error.message] : error;
    }
    return 'allowed';
  };
  const draft = { creatorId: CREATOR, status: PACK_STATUS.draft };
  const published = { creatorId: CREATOR, status: PACK_STATUS.published };

  it('returns the row when allowed', () => {
    expect(authorize(VIEWERS.owner, 'edit', draft, asPack, 'That pack')).toBe(draft);
  });
  it('answers a missing row and an unreadable one alike: 404', () => {
    expect(refusal(() => authorize(VIEWERS.subscriber, 'read', null, asPack, 'That pack'))).toEqual([404, 'That pack was not found']);
    expect(refusal(() => authorize(VIEWERS.subscriber, 'read', draft, asPack, 'That pack'))).toEqual([404, 'That pack was not found']);
    expect(refusal(() => authorize(VIEWERS.otherCreator, 'edit', draft, asPack, 'That pack'))).toEqual([404, 'That pack was not found']);
    expect(refusal(() => authorize(VIEWERS.admin, 'edit', { userId: 'u-else' }, asPlaylist, 'That playlist'))).toEqual([404, 'That playlist was not found']);
  });
  it('answers 403 when the viewer reads the object but may not do this', () => {
    expect(refusal(() => authorize(VIEWERS.collaborator, 'edit', draft, asPack, 'That pack'))).toEqual([403, 'You do not have permission to do that']);
    expect(refusal(() => authorize(VIEWERS.subscriber, 'review', published, asPack, 'That pack'))).toEqual([403, 'You do not have permission to do that']);
    expect(refusal(() => authorize(VIEWERS.subscriber, 'invite', { id: CREATOR, userId: 'u-owner' }, asCreator, 'That creator'))).toEqual([
      403,
      'You do not have permission to do that',
    ]);
  });
});
