import TableContainer from '@mui/material/TableContainer';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

interface ScrollableTableProps {
  /**
   * The table's own name (its aria-label, from the locales), which names the scroll region too:
   * the usual pattern for a responsive table, and no extra text for the login route to download.
   */
  label: string;
  /** Draws the container as an outlined paper, for tables that stand on the page by themselves. */
  outlined?: boolean;
  /** The table. */
  children: ReactNode;
}

/**
 * A table that never widens the page: on a narrow screen it scrolls sideways inside its own box.
 * While it does, the box is a named region in the tab order, so a keyboard user can reach it and
 * scroll it with the arrow keys, and a screen reader says what it is (WCAG 2.1.1, axe
 * scrollable-region-focusable). A table that fits is left alone: no extra tab stop on a desktop.
 */
export function ScrollableTable({ label, outlined = false, children }: ScrollableTableProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(ref, children);
  return (
    <TableContainer
      ref={ref}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      sx={[
        (theme) => ({
          maxWidth: '100%',
          overflowX: 'auto',
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        }),
        outlined && { border: 1, borderColor: 'divider', borderRadius: 1 },
      ]}
    >
      {children}
    </TableContainer>
  );
}

/**
 * Whether the element's content is wider than the element, followed as either changes size.
 * `content` is what the element holds: new content (another page of rows) is measured anew.
 */
function useScrollsSideways(ref: RefObject<HTMLElement | null>, content: ReactNode): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    // The container narrows with the window; the table inside widens when its rows arrive.
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, content]);
  return scrolls;
}
