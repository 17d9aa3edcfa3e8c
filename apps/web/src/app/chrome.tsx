/** The header and footer of every main page come from the storefront feature. */
export { Header as AppHeader, PageFilterBar as AppFilterBar } from '../features/storefront/components/header';
export { Footer as AppFooter } from '../features/storefront/components/footer';
