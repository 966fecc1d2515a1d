// Material Design paths inline, as the shell's menu icon: @mui/icons-material is not a dependency.
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

export function ChevronLeftIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />
    </SvgIcon>
  );
}

export function ChevronRightIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />
    </SvgIcon>
  );
}

export function ArrowDropDownIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m7 10 5 5 5-5z" />
    </SvgIcon>
  );
}
