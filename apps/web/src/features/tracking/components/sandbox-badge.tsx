import { Badge } from '@mantine/core';

/** Marks a sandbox guide: its movements are simulated, no parcel moves. */
export function SandboxBadge({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Badge color="yellow" variant="filled" c="dark" title="Movimientos simulados: guía de prueba">
      SANDBOX
    </Badge>
  );
}
