/** Unique ids (response ids the gateway makes itself); a port so tests get predictable ones. */
export interface IdGenerator {
  next(): string;
}
