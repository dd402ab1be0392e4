/** The time source of the services; tests pass their own to move time (captcha and token expiry). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
