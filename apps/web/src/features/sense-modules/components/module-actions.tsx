import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleWithKey, SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { LinkModuleDialog } from './link-module-dialog.tsx';
import { ModuleKeyDialog } from './module-key-dialog.tsx';
import { RotateKeyDialog } from './rotate-key-dialog.tsx';
import { UnlinkModuleDialog } from './unlink-module-dialog.tsx';

type Open = 'link' | 'unlink' | 'rotate' | { key: ModuleWithKey } | null;

/** Link or move, unlink, and rotate the key: each through its own dialog. */
export function ModuleActions({ module }: { module: SenseModuleDetail }) {
  const { t } = useTranslation('sense-modules');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const button = { variant: 'outlined', sx: { minHeight: 44 } } as const;
  return (
    <>
      <Stack
        direction="row"
        role="group"
        aria-label={t('detail.actionsLabel')}
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Button {...button} variant="contained" onClick={() => setOpen('link')}>
          {module.lift ? t('detail.move') : t('detail.link')}
        </Button>
        {module.lift ? (
          <Button {...button} onClick={() => setOpen('unlink')}>
            {t('detail.unlink')}
          </Button>
        ) : null}
        <Button {...button} onClick={() => setOpen('rotate')}>
          {t('detail.rotate')}
        </Button>
      </Stack>
      {open === 'link' ? <LinkModuleDialog module={module} onClose={close} /> : null}
      {open === 'unlink' && module.lift ? (
        <UnlinkModuleDialog module={{ ...module, lift: module.lift }} onClose={close} />
      ) : null}
      {open === 'rotate' ? (
        <RotateKeyDialog module={module} onClose={close} onRotated={(answer) => setOpen({ key: answer })} />
      ) : null}
      {typeof open === 'object' && open !== null ? (
        <ModuleKeyDialog esNumber={open.key.module.esNumber} moduleKey={open.key.key} onClose={close} />
      ) : null}
    </>
  );
}
