import type { Role } from '@rozmova/contracts';
import type { Params } from 'react-router';

/** What a route declares in its `handle`. */
export interface RouteHandle {
  /** The role the page requires; admins pass every role check. */
  role?: Role;
  /** A check of the path parameters; when it fails the 404 page is shown. */
  validate?: (params: Params) => boolean;
  /** The page's title: a key under `pageTitle.` in the locale files (or a full key, with a dot), or one made from the path parameters. */
  title?: string | ((params: Params) => string);
}
