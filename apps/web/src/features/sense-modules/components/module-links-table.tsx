import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ModuleLink } from '@liftwacht/contracts/sense-modules';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ModuleSection } from './module-details.tsx';
import { ModuleLiftLink } from './module-lift-link.tsx';
import { TableTargets } from './table-targets.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/** Every lift the module was in, with the dates: readings before a move stay with the old lift. */
export function ModuleLinksTable({ links }: { links: readonly ModuleLink[] }) {
  const { t, i18n } = useTranslation('sense-modules');
  return (
    <ModuleSection title={t('detail.linksTitle')}>
      {links.length === 0 ? (
        <Typography role="status">{t('detail.linksEmpty')}</Typography>
      ) : (
        <TableTargets>
          {/* On a phone the table scrolls sideways inside its card rather than widening the page. */}
          <ScrollableTable label={t('detail.linksTable')}>
            <Table size="small" aria-label={t('detail.linksTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('detail.linkColumns.lift')}</TableCell>
                  <TableCell>{t('detail.linkColumns.linkedAt')}</TableCell>
                  <TableCell>{t('detail.linkColumns.unlinkedAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {links.map((link) => (
                  <TableRow key={`${link.lift.id}-${link.linkedAt}`}>
                    <TableCell>
                      <ModuleLiftLink lift={link.lift} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(link.linkedAt, i18n.language)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {link.unlinkedAt === null ? t('detail.current') : formatDateTime(link.unlinkedAt, i18n.language)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        </TableTargets>
      )}
    </ModuleSection>
  );
}
