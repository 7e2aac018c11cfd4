import { IconLayoutDashboard, IconLibrary, IconLink, IconSettings, IconShieldLock, IconUser } from '@tabler/icons-react';
import type { Profile } from '@crate/contract/profile';
import { holdsAnyClaim } from '@crate/contract/roles';

export function initialsOf(name: string): string {
  const words = name.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** Links of the signed-in user, shared by the account menu and the mobile sheet. */
export function accountLinks(profile: Profile) {
  const links = [
    { label: 'Account', to: '/account', icon: IconUser },
    { label: 'Library', to: '/library', icon: IconLibrary },
    { label: 'Settings', to: '/settings', icon: IconSettings },
  ];
  if (holdsAnyClaim(profile.roles, ['creator', 'collaborator'])) links.push({ label: 'Creator dashboard', to: '/creator', icon: IconLayoutDashboard });
  if (profile.roles.includes('affiliate')) links.push({ label: 'Affiliate', to: '/affiliate', icon: IconLink });
  if (profile.roles.includes('admin')) links.push({ label: 'Admin', to: '/admin', icon: IconShieldLock });
  return links;
}
