import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AccessGrant } from '@liftwacht/contracts/administration';
import { formatDateTime } from '../../../lib/format-date-time.ts';

interface AccessGrantsTableProps {
  grants: readonly AccessGrant[];
  onRevoke: (grant: AccessGrant) => void;
}

export function AccessGrantsTable({ grants, onRevoke }: AccessGrantsTableProps) {
  const { t, i18n } = useTranslation('administration');
  return (
    <Table size="small" aria-label={t('access.tableLabel')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('access.columns.organisation')}</TableCell>
          <TableCell>{t('access.columns.accessibleOrganisation')}</TableCell>
          <TableCell>{t('access.columns.createdAt')}</TableCell>
          <TableCell>{t('access.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {grants.map((grant) => {
          const names = { company: grant.organisationName, client: grant.accessibleOrganisationName };
          return (
            <TableRow key={`${grant.organisationId}-${grant.accessibleOrganisationId}`}>
              <TableCell component="th" scope="row">
                {grant.organisationName}
                <Typography variant="caption" component="p" color="text.secondary">
                  {t(`organisationTypes.${grant.organisationType}`)}
                </Typography>
              </TableCell>
              <TableCell>
                {grant.accessibleOrganisationName}
                <Typography variant="caption" component="p" color="text.secondary">
                  {t(`organisationTypes.${grant.accessibleOrganisationType}`)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(grant.createdAt, i18n.language)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  color="error"
                  aria-label={t('access.revokeLabel', names)}
                  onClick={() => onRevoke(grant)}
                >
                  {t('access.revoke')}
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
