/** Both public pages in one lazy chunk: one fewer file for the route table of the first download to name. */
export { PricesPage } from './prices-page.tsx';
export { SpecialistsPage } from './specialists-page.tsx';
