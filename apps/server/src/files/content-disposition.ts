/** Longest download name we send, in characters (file systems commonly stop at 255 bytes). */
const MAX_NAME_LENGTH = 150;
/** Extensions longer than this are not treated as extensions when shortening a name. */
const MAX_EXTENSION_LENGTH = 16;
const FALLBACK_NAME = 'download';

/**
 * A user's original file name made safe to offer as a download name: only the last path segment
 * (`../../etc/passwd` → `passwd`), no control or invisible formatting characters (no header injection,
 * no right-to-left tricks such as `kick\u202Evaw.exe`), no double quotes, no characters Windows refuses,
 * no leading dots (hidden files), whitespace collapsed, at most 150 characters with the extension kept;
 * `download` when nothing is left.
 */
export function sanitiseDownloadName(name: string | null | undefined): string {
  let clean = (name ?? '').normalize('NFC');
  clean = clean.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '');
  clean = clean.split(/[/\\]/).pop() ?? '';
  clean = clean.replace(/"/g, '').replace(/[<>:|?*]/g, '_');
  clean = clean.replace(/\s+/gu, ' ').trim();
  clean = clean.replace(/^[.\s]+/u, '').replace(/[.\s]+$/u, '');
  clean = shorten(clean);
  return clean === '' ? FALLBACK_NAME : clean;
}

/** Shortens by code points, keeping `.ext` at the end. */
function shorten(name: string): string {
  const chars = [...name];
  if (chars.length <= MAX_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= MAX_EXTENSION_LENGTH + 1 ? name.slice(dot) : '';
  const stem = [...name.slice(0, name.length - extension.length)].slice(0, MAX_NAME_LENGTH - [...extension].length).join('').trimEnd();
  return stem + extension;
}

/** The name for old clients that only read `filename="…"`: accents dropped, anything else non-ASCII as `_`. */
function asciiFallback(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/[%\\"]/g, '_');
  return /[a-z0-9]/i.test(ascii.replace(/\.[^.]*$/, '')) ? ascii : `${FALLBACK_NAME}${ascii.match(/\.[a-z0-9]{1,16}$/i)?.[0] ?? ''}`;
}

/** RFC 8187 ext-value: percent-encode everything but attr-char. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="kick.wav"; filename*=UTF-8''kick.wav` from a user's original file name
 * (RFC 6266: modern browsers use filename*, older ones the ASCII filename).
 */
export function attachmentDisposition(originalName: string | null | undefined): string {
  const name = sanitiseDownloadName(originalName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
