/** A mistake in how a command was called (missing or conflicting options): exit code 2 with a usage hint. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
