/** A moment as the store's operators read it: US Eastern time, or a dash when there is none. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { timeZone: 'America/New_York' }) : '—');
