/**
 * The site's front door (decision 2360): the white-label site of a host, for the web plugin and the cart's quote mail,
 * and its support ticket link, for the web plugin's start-up data (decision 2760).
 */
export { siteForHost, ticketLinkOf } from './service.ts';
