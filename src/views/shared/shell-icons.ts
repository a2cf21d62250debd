import {
  Bell,
  ChevronDown,
  ChevronRight,
  CircleCheck,
  CircleHelp,
  CircleX,
  Clock,
  Cookie,
  CreditCard,
  Hammer,
  LayoutDashboard,
  Menu,
  Palette,
  PanelLeftClose,
  PanelLeftOpen,
  Receipt,
  Settings,
  ShieldCheck,
  User,
  UserCog,
  Wrench,
  X,
} from "lucide-react"

// The signed-in layout's icons (the sidebar, the top bar's Menu and bell), in a chunk of their own: they load
// beside the dashboard's data rather than before the page can show (./Glyph.tsx).

export const SHELL_ICONS = {
  bell: Bell,
  chevronDown: ChevronDown,
  chevronRight: ChevronRight,
  circleCheck: CircleCheck,
  circleHelp: CircleHelp,
  circleX: CircleX,
  clock: Clock,
  cookie: Cookie,
  creditCard: CreditCard,
  hammer: Hammer,
  layoutDashboard: LayoutDashboard,
  menu: Menu,
  panelLeftClose: PanelLeftClose,
  panelLeftOpen: PanelLeftOpen,
  palette: Palette,
  receipt: Receipt,
  settings: Settings,
  shieldCheck: ShieldCheck,
  user: User,
  userCog: UserCog,
  wrench: Wrench,
  x: X,
} as const

export type ShellIconName = keyof typeof SHELL_ICONS
