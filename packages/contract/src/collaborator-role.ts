/**
 * What a collaborator may do, in the words every place that promises it uses — the invite e-mail and the page that
 * accepts it (docs/decisions/0071). The pack, item and analytics policies on the server are what keep it.
 */
export function collaboratorPromise(creatorName: string): string {
  return (
    `As a collaborator you follow ${creatorName}'s packs in their studio, drafts included, with each pack's and sound's plays, ` +
    `downloads and earnings, and you see any share of the earnings ${creatorName} gives you. ` +
    `Uploading, editing, submitting and withdrawing packs stay with ${creatorName}.`
  );
}
