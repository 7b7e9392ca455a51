import { Box, Button, Code, CopyButton, Group, Text } from '@mantine/core';

export interface CodeBlockProps {
  code: string;
  /** What the code is, for the copy button's accessible name and the caption («verificar.mjs»). */
  title: string;
  /** A long script scrolls inside its box past this height (px). */
  maxHeight?: number;
}

/** Code to read and copy: it scrolls inside its own box, so the page never scrolls sideways. */
export function CodeBlock({ code, title, maxHeight }: CodeBlockProps) {
  return (
    <Box>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="xs" ff="monospace" c="dimmed" truncate>
          {title}
        </Text>
        <CopyButton value={code} timeout={2000}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copiar ${title}`}>
              {copied ? 'Copiado' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code
        block
        style={{ maxWidth: '100%', overflow: 'auto', maxHeight, fontSize: 12.5, lineHeight: 1.55, whiteSpace: 'pre' }}
        tabIndex={0}
        aria-label={title}
      >
        {code}
      </Code>
    </Box>
  );
}

/** A secret or a key shown in full, with «Copiar». */
export function SecretValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="stretch">
      <Code
        style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', wordBreak: 'break-all', padding: '8px 10px', fontSize: 13 }}
        aria-label={label}
        data-testid="secret-value"
      >
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={`Copiar ${label}`}>
            {copied ? 'Copiado' : 'Copiar'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
