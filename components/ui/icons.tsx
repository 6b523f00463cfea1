/** Small stroke icons drawn inline (no icon font, no network). */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 14, children, ...rest }: IconProps & { children: React.ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...rest}>
      {children}
    </svg>
  );
}

export const IconPlus = (p: IconProps) => <Svg {...p}><path d="M8 3v10M3 8h10" /></Svg>;
export const IconClose = (p: IconProps) => <Svg {...p}><path d="M4 4l8 8M12 4l-8 8" /></Svg>;
export const IconChevronRight = (p: IconProps) => <Svg {...p}><path d="M6 3.5L10.5 8 6 12.5" /></Svg>;
export const IconChevronDown = (p: IconProps) => <Svg {...p}><path d="M3.5 6L8 10.5 12.5 6" /></Svg>;
export const IconSun = (p: IconProps) => <Svg {...p}><circle cx="8" cy="8" r="2.8" /><path d="M8 1.5v1.6M8 12.9v1.6M1.5 8h1.6M12.9 8h1.6M3.4 3.4l1.1 1.1M11.5 11.5l1.1 1.1M3.4 12.6l1.1-1.1M11.5 4.5l1.1-1.1" /></Svg>;
export const IconMoon = (p: IconProps) => <Svg {...p}><path d="M13 9.5A5.5 5.5 0 016.5 3a5.5 5.5 0 106.5 6.5z" /></Svg>;
export const IconMonitor = (p: IconProps) => <Svg {...p}><rect x="2" y="3" width="12" height="8" rx="1.2" /><path d="M6 14h4M8 11v3" /></Svg>;
export const IconKeyboard = (p: IconProps) => <Svg {...p}><rect x="1.5" y="4" width="13" height="8" rx="1.5" /><path d="M4 7h.01M6.5 7h.01M9 7h.01M11.5 7h.01M5 9.5h6" /></Svg>;
export const IconCopy = (p: IconProps) => <Svg {...p}><rect x="5.5" y="5.5" width="8" height="8" rx="1.2" /><path d="M10.5 5.5V3.7a1.2 1.2 0 00-1.2-1.2H3.7a1.2 1.2 0 00-1.2 1.2v5.6a1.2 1.2 0 001.2 1.2h1.8" /></Svg>;
export const IconStats = (p: IconProps) => <Svg {...p}><path d="M3 13V9M6.5 13V4M10 13V7M13.5 13V2.5" /></Svg>;
export const IconArrowDown = (p: IconProps) => <Svg {...p}><path d="M8 3v10M4 9l4 4 4-4" /></Svg>;
export const IconStop = (p: IconProps) => <Svg {...p}><rect x="4" y="4" width="8" height="8" rx="1" /></Svg>;
export const IconTrash = (p: IconProps) => <Svg {...p}><path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5" /></Svg>;
export const IconReply = (p: IconProps) => <Svg {...p}><path d="M6.5 4L2.5 8l4 4M3 8h6.5a4 4 0 014 4v1" /></Svg>;
export const IconSearch = (p: IconProps) => <Svg {...p}><circle cx="7" cy="7" r="4.2" /><path d="M10.2 10.2L13.5 13.5" /></Svg>;
