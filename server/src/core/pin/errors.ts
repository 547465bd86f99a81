/** A selection that cannot be pinned (unknown skill, unusable agent…). The message is one line for the user. */
export class PinError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PinError';
  }
}
