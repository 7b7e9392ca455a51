import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';
import classes from './responsive-table.module.css';

/** Container widths (px) below which the rows become cards: see responsive-table.module.css. */
export type StackBelow = 'sm' | 'md' | 'lg' | 'xl';

export interface ResponsiveTableProps extends Omit<TableProps, 'children'> {
  /**
   * Below this width of the space the table has, each row is a card: 'sm' 600, 'md' 760,
   * 'lg' 960, 'xl' 1100 px. Pick the width at which the columns stop fitting.
   */
  stackBelow?: StackBelow;
  children: ReactNode;
}

/** What a cell is, in the card layout: `title` heads the card, `select` sits in its corner, `actions` closes it. */
export type CellKind = 'title' | 'select' | 'actions';

/**
 * Props for a cell of a ResponsiveTable (spread them on `Table.Td`): `label` overrides the text
 * taken from the column header; `kind` places the cell in the card.
 */
export function cell(kind?: CellKind, label?: string): { 'data-kind'?: CellKind; 'data-label'?: string } {
  return { ...(kind ? { 'data-kind': kind } : {}), ...(label !== undefined ? { 'data-label': label } : {}) };
}

/** The header texts by column index (colspans counted), from the last header row. */
function headerLabels(table: HTMLTableElement): string[] {
  const row = table.tHead?.rows[table.tHead.rows.length - 1];
  const labels: string[] = [];
  if (!row) return labels;
  for (const th of Array.from(row.cells)) {
    const text = (th.getAttribute('aria-label') ?? th.textContent ?? '').replace(/\s+/g, ' ').trim();
    for (let i = 0; i < th.colSpan; i += 1) labels.push(text);
  }
  return labels;
}

/**
 * Gives every body cell the label of its column (unless it has its own) and states the table
 * roles explicitly, so assistive technology keeps reading a table once CSS lays it out as cards.
 */
function labelCells(table: HTMLTableElement): void {
  const labels = headerLabels(table);
  table.setAttribute('role', 'table');
  for (const section of [table.tHead, ...Array.from(table.tBodies)]) {
    if (!section) continue;
    section.setAttribute('role', 'rowgroup');
    for (const row of Array.from(section.rows)) {
      row.setAttribute('role', 'row');
      let column = 0;
      for (const c of Array.from(row.cells)) {
        if (c.tagName === 'TH') {
          if (!c.hasAttribute('role')) c.setAttribute('role', section === table.tHead ? 'columnheader' : 'rowheader');
        } else {
          if (!c.hasAttribute('role')) c.setAttribute('role', 'cell');
          const own = c.getAttribute('data-label');
          if (own === null || c.hasAttribute('data-auto-label')) {
            // A cell across several columns (an empty list's message) speaks for itself.
            c.setAttribute('data-label', c.colSpan > 1 ? '' : (labels[column] ?? ''));
            c.setAttribute('data-auto-label', '');
          }
        }
        column += c.colSpan;
      }
    }
  }
}

/**
 * A Mantine table that stays usable on a phone: wide, it is the table; in a narrow space each row
 * becomes a card of "label: value" lines (labels from the column headers), with the cells marked
 * by `cell('title' | 'select' | 'actions')` heading, cornering and closing the card. Amounts,
 * statuses and actions stay visible, and the page never scrolls sideways.
 *
 *   <ResponsiveTable stackBelow="md" aria-label="Movimientos">
 *     <Table.Thead>…</Table.Thead>
 *     <Table.Tbody><Table.Tr><Table.Td {...cell('title')}>…</Table.Td><Table.Td>MX$10.00</Table.Td>
 *       <Table.Td {...cell('actions')}><Button>Eliminar</Button></Table.Td></Table.Tr></Table.Tbody>
 *   </ResponsiveTable>
 */
export function ResponsiveTable({ stackBelow = 'md', className, children, ...props }: ResponsiveTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    labelCells(table);
    // Rows that render on their own later (a row component's state, a page arriving) get theirs too.
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className={classes.container}>
      <Table ref={ref} {...props} className={[classes[`stack-${stackBelow}`], className].filter(Boolean).join(' ')}>
        {children}
      </Table>
    </div>
  );
}
