import type { CookieJar } from './fbc-capture.ts';

/** A document.cookie stand-in for tests: keeps name=value pairs, honours Max-Age=0 and records every assignment. */
export function cookieJar(): CookieJar & { assignments: string[] } {
  const cookies = new Map<string, string>();
  const assignments: string[] = [];
  return {
    assignments,
    secure: false,
    read: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    write(assignment) {
      assignments.push(assignment);
      const [pair = '', ...attributes] = assignment.split(';').map((s) => s.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) cookies.delete(name);
      else cookies.set(name, value);
    },
  };
}
