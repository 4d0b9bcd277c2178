import { randomInt } from 'node:crypto';

/** `count` symbols of `alphabet`, each equally likely (crypto.randomInt draws without bias). */
export function randomSymbols(alphabet: string, count: number): string {
  return Array.from({ length: count }, () => alphabet[randomInt(alphabet.length)]).join('');
}
