import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import { maxMegabytes } from '../lib/import-problems.ts';

interface ImportFileFieldProps {
  file: File | null;
  onFile: (file: File) => void;
  error: string | null;
}

const sizeText = (bytes: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    Math.max(1, bytes / 1000),
  );

/**
 * The spreadsheet to import: a labelled file input (the button is its label, so every browser
 * and screen reader offers the native picker), and a drop area around it for a dragged file.
 */
export function ImportFileField({ file, onFile, error }: ImportFileFieldProps) {
  const { t, i18n } = useTranslation('lift-spreadsheets');
  const inputId = useId();
  const statusId = useId();
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      sx={{
        p: 2,
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : undefined,
        // The input itself is invisible: the area shows where the keyboard is.
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Button component="label" htmlFor={inputId} variant="outlined" sx={{ minHeight: 44 }}>
        {t('import.file.label')}
      </Button>
      {/* Visually hidden, not display:none, so it stays in the tab order behind its label. */}
      <input
        id={inputId}
        type="file"
        name="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-describedby={statusId}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
          // The same file chosen again after fixing it must still count as a choice.
          event.target.value = '';
        }}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
      />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('import.file.drop')}
      </Typography>
      <Typography id={statusId} variant="body2" sx={{ mt: 1, fontWeight: file ? 500 : undefined }}>
        {file
          ? t('import.file.chosen', { name: file.name, size: sizeText(file.size, i18n.language) })
          : t('import.file.none')}{' '}
        {t('import.file.limits', {
          mb: maxMegabytes,
          rows: new Intl.NumberFormat(i18n.language).format(liftImportLimits.maxRows),
        })}
      </Typography>
      {error ? (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1, fontWeight: 500 }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}
