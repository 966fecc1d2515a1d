import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** The "hamburger" icon (Material Design "menu" path), inline to avoid @mui/icons-material. */
export function MenuIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
    </SvgIcon>
  );
}
