import { useEffect } from 'react';

/**
 * Any page may open the get-started wizard ('FIND A PLAN') or the 'Basic Details' popup: the header mounts
 * both once and listens for these events.
 */
export const OPEN_GET_STARTED = 'store:open-get-started';
export const OPEN_BASIC_DETAILS = 'store:open-basic-details';
/** The 'Help me find a plan' dialog (the catalog's), mounted once by the app and opened from the home page. */
export const OPEN_HELP_FIND_PLAN = 'store:open-help-find-plan';
export const openHelpFindPlan = () => window.dispatchEvent(new CustomEvent(OPEN_HELP_FIND_PLAN, { detail: {} }));

export const openGetStarted = () => window.dispatchEvent(new CustomEvent(OPEN_GET_STARTED, { detail: {} }));
/** Opens the wizard with answers already given elsewhere (the quick-start slide: gender and tobacco use). */
export const openGetStartedWith = (prefill: { gender?: string; is_smoker?: string }) =>
  window.dispatchEvent(new CustomEvent(OPEN_GET_STARTED, { detail: { prefill } }));
/** Opens 'Basic Details'; `focus` names a field to bring into view (is_smoker, annual_incode, working_hours, zip, tier, dob). */
export const openBasicDetails = (focus?: string) => window.dispatchEvent(new CustomEvent(OPEN_BASIC_DETAILS, { detail: { focus } }));

export function useOpenGetStartedListener(onOpen: (prefill?: { gender?: string; is_smoker?: string }) => void) {
  useEffect(() => {
    const h = (e: Event) => onOpen((e as CustomEvent<{ prefill?: { gender?: string; is_smoker?: string } }>).detail?.prefill);
    window.addEventListener(OPEN_GET_STARTED, h);
    return () => window.removeEventListener(OPEN_GET_STARTED, h);
  }, [onOpen]);
}

/** Calls `onOpen` on each of the window's `event` (the dialogs that any page may open). */
export function useOpenListener(event: string, onOpen: () => void) {
  useEffect(() => {
    window.addEventListener(event, onOpen);
    return () => window.removeEventListener(event, onOpen);
  }, [event, onOpen]);
}

export function useOpenBasicDetailsListener(onOpen: (focus?: string) => void) {
  useEffect(() => {
    const h = (e: Event) => onOpen((e as CustomEvent<{ focus?: string }>).detail?.focus);
    window.addEventListener(OPEN_BASIC_DETAILS, h);
    return () => window.removeEventListener(OPEN_BASIC_DETAILS, h);
  }, [onOpen]);
}
