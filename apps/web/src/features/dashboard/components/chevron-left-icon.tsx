import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** Material Design "chevron_left", inline: @mui/icons-material is not a dependency. */
export function ChevronLeftIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />
    </SvgIcon>
  );
}
