/** How a document Crate issues (a licence certificate, a split sheet) names a person: their display name, never their e-mail. */
export const publicName = (displayName: string | undefined): string => displayName?.trim() || 'A Crate member without a display name';
