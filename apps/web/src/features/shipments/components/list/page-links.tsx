import { Link } from 'react-router';
import { Group, Text, VisuallyHidden } from '@mantine/core';

export interface PageLinksProps {
  page: number;
  pages: number;
  /** The address of page n (the other filters kept). */
  hrefFor: (page: number) => string;
}

const linkStyle = {
  minWidth: 36,
  padding: '6px 10px',
  borderRadius: 8,
  textAlign: 'center' as const,
  textDecoration: 'none',
  fontWeight: 600,
  border: '1px solid var(--mantine-color-gray-3)',
};

/** Anterior, the current page ± 1, Siguiente; plain links so each page has its address. */
export function PageLinks({ page, pages, hrefFor }: PageLinksProps) {
  if (pages <= 1) return null;
  const numbers = [page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages);
  const edge = (label: string, target: number, enabled: boolean) =>
    enabled ? (
      <Link to={hrefFor(target)} style={{ ...linkStyle, color: 'var(--mantine-color-brand-8)' }}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" style={{ ...linkStyle, color: 'var(--mantine-color-gray-5)' }}>
        {label}
      </span>
    );

  return (
    <nav aria-label="Paginación">
      <Group gap={6} justify="center">
        {edge('Anterior', page - 1, page > 1)}
        {numbers.map((n) =>
          n === page ? (
            <span
              key={n}
              aria-current="page"
              style={{ ...linkStyle, background: 'var(--mantine-color-brand-7)', borderColor: 'var(--mantine-color-brand-7)', color: 'white' }}
            >
              <VisuallyHidden>Página </VisuallyHidden>
              {n}
            </span>
          ) : (
            <Link key={n} to={hrefFor(n)} aria-label={`Página ${n}`} style={{ ...linkStyle, color: 'var(--mantine-color-brand-8)' }}>
              {n}
            </Link>
          ),
        )}
        {edge('Siguiente', page + 1, page < pages)}
      </Group>
      <Text size="xs" c="dimmed" ta="center" mt={6}>
        Página {page} de {pages}
      </Text>
    </nav>
  );
}
