import { registerLanguage } from '../catalogue';
import { hindi } from './tables';

/** Adds Hindi to the catalogue (the server at start; the web client when a user chooses it). */
export function registerHindi(): void {
  registerLanguage('hi', hindi);
}
