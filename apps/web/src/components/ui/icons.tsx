/**
 * Small inline icons (SVG, drawn with the text's colour): a font may lack an emoji and show an empty box (issue 37).
 * Decorative: the button or link that holds one names what it does.
 */
export function TrashIcon() {
  return (
    <svg className="icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6"
      />
    </svg>
  );
}
