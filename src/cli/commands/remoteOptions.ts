/** The options of every command that reaches a remote (kept apart: command modules load at start-up). */
export const remoteOptions = {
  token: { type: 'string', describe: 'Token for an HTTP remote (else ~/.catalog/credentials, else env DATAHUB_GMS_TOKEN); never stored in the data file' },
  insecure: { type: 'boolean', default: false, describe: 'Do not verify the certificate of an https remote (a test server only)' },
} as const;
