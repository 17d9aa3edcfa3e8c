/** The site's front door (decision 2360): the white-label site of a host, for the web plugin and the cart's quote mail. */
export { siteForHost } from './service.ts';
