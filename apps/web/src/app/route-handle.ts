import type { Role } from '@rozmova/contracts';
import type { Params } from 'react-router';

/** What a route declares in its `handle`. */
export interface RouteHandle {
  /** Forces this colour scheme on the page (print-like documents). */
  colorScheme?: 'light' | 'dark';
  /** The role the page requires; admins pass every role check. */
  role?: Role;
  /** A check of the path parameters; when it fails the 404 page is shown. */
  validate?: (params: Params) => boolean;
}
