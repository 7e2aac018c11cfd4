/** A backup or restore that will not go ahead, with a message for the person who ran it (the CLIs print it and exit 1). */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}
