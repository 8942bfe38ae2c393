/** The current time; a port so tests can hold time still. */
export interface Clock {
  now(): Date;
}
