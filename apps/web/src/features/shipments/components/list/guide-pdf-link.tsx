import { Tooltip, VisuallyHidden } from '@mantine/core';

function IconFilePdf({ size = 22 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
      <path d="M8.5 17v-4h1.2a1.2 1.2 0 0 1 0 2.4H8.5M12.5 17v-4h.8a2 2 0 0 1 0 4zM16.5 13h-1.5v4M15 15h1.3" strokeWidth={1.3} />
    </svg>
  );
}

export interface GuidePdfLinkProps {
  /** The label's address when the shipment is paid and its guide issued, else null. */
  href: string | null;
  paid: boolean;
  /** Who the guide is for, for the accessible name ("envío 1001"). */
  label: string;
}

/** The Guía column: a PDF link only once paid and issued; otherwise a muted icon that says why. */
export function GuidePdfLink({ href, paid, label }: GuidePdfLinkProps) {
  if (paid && href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" style={{ color: 'var(--mantine-color-red-7)', display: 'inline-flex' }}>
        <IconFilePdf />
        <VisuallyHidden>Descargar guía PDF del {label}</VisuallyHidden>
      </a>
    );
  }
  const why = paid ? 'La guía se está generando.' : 'La guía estará disponible cuando pagues el envío.';
  return (
    <Tooltip label={why} withArrow>
      <span tabIndex={0} style={{ color: 'var(--mantine-color-gray-5)', display: 'inline-flex', cursor: 'not-allowed' }} aria-disabled="true">
        <IconFilePdf />
        <VisuallyHidden>
          Guía PDF del {label} no disponible: {why}
        </VisuallyHidden>
      </span>
    </Tooltip>
  );
}
