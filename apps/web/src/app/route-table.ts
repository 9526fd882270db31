import type { RouteObject } from 'react-router';

let table: RouteObject[] = [];

/** The router keeps its route table here when it is made; the link preloader reads it without importing the router. */
export const setRouteTable = (routes: RouteObject[]): void => {
  table = routes;
};

export const routeTable = (): RouteObject[] => table;
