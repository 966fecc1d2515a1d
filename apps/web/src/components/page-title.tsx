import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface PageTitleProps {
  title: string;
}

/** A page's h1, also used as the browser tab's title. */
export function PageTitle({ title }: PageTitleProps) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${title} – ${t('appName')}`}</title>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
    </>
  );
}
