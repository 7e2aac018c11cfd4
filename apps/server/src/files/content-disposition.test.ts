import { describe, expect, it } from 'vitest';
import { attachmentDisposition, sanitiseDownloadName } from './content-disposition.ts';

describe('sanitiseDownloadName', () => {
  it.each([
    ['Kick 01.wav', 'Kick 01.wav'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\system.ini', 'system.ini'],
    ['/var/samples/snare.wav', 'snare.wav'],
    ['a"b.wav', 'ab.wav'],
    ['"quoted".wav', 'quoted.wav'],
    ['\r\nSet-Cookie: session=stolen', 'Set-Cookie_ session=stolen'],
    ['kick.wav\r\nX-Evil: 1', 'kick.wavX-Evil_ 1'],
    ['naïve kick.wav', 'naïve kick.wav'],
    ['nai\u0308ve kick.wav', 'naïve kick.wav'],
    ['  spaced \t out  .wav ', 'spaced out .wav'],
    ['.htaccess', 'htaccess'],
    ['...wav', 'wav'],
    ['..', 'download'],
    ['', 'download'],
    ['   ', 'download'],
    ['\u0000\u0007', 'download'],
    [null, 'download'],
    [undefined, 'download'],
    ['dir/', 'download'],
    ['kick\u202Evaw.exe', 'kickvaw.exe'],
    ['zero\u200Bwidth.wav', 'zerowidth.wav'],
    ['what?<is>this*:|.wav', 'what__is_this___.wav'],
    ["Mike's 808 (hard).wav", "Mike's 808 (hard).wav"],
    ['ドラム ループ.wav', 'ドラム ループ.wav'],
  ])('%j → %j', (input, expected) => {
    expect(sanitiseDownloadName(input)).toBe(expected);
  });

  it('shortens long names to 150 characters and keeps the extension', () => {
    const name = sanitiseDownloadName(`${'long '.repeat(100)}loop.flac`);
    // Cut at 150, then the space left before the extension is trimmed.
    expect(name).toBe(`${'long '.repeat(28)}long.flac`);
    const emoji = sanitiseDownloadName(`${'🥁'.repeat(200)}.wav`);
    expect([...emoji]).toHaveLength(150);
    expect(emoji.endsWith('🥁.wav')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('sends both an ASCII filename and the UTF-8 filename*', () => {
    expect(attachmentDisposition('Kick 01.wav')).toBe(`attachment; filename="Kick 01.wav"; filename*=UTF-8''Kick%2001.wav`);
    expect(attachmentDisposition('naïve kick.wav')).toBe(`attachment; filename="naive kick.wav"; filename*=UTF-8''na%C3%AFve%20kick.wav`);
  });

  it('encodes the characters RFC 8187 does not allow bare', () => {
    expect(attachmentDisposition("Mike's 808 (hard)*.wav")).toBe(
      `attachment; filename="Mike's 808 (hard)_.wav"; filename*=UTF-8''Mike%27s%20808%20%28hard%29_.wav`,
    );
    expect(attachmentDisposition('100% pure.wav')).toBe(`attachment; filename="100_ pure.wav"; filename*=UTF-8''100%25%20pure.wav`);
  });

  it('falls back to download, keeping the extension, when nothing ASCII is left of the name', () => {
    expect(attachmentDisposition('ドラム.wav')).toBe(`attachment; filename="download.wav"; filename*=UTF-8''%E3%83%89%E3%83%A9%E3%83%A0.wav`);
    expect(attachmentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });

  it.each(['../../etc/passwd', 'a"b.wav', '\r\nSet-Cookie: a=b', 'naïve kick.wav', '', 'x\\y"z\u0000.wav'])(
    'never lets %j break out of the header',
    (input) => {
      const header = attachmentDisposition(input);
      expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
      expect(header.match(/"/g)).toHaveLength(2);
      expect(header).not.toMatch(/[\r\n\\/]/);
    },
  );
});
