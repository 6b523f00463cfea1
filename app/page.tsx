import { AppShell } from '@/components/shell/AppShell';

export default function Home() {
  return <AppShell />;
}
