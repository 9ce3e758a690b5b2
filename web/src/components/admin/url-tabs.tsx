import type { ReactNode } from "react";
import { Tabs } from "../ui/tabs";
import { useUrlTab } from "./use-url-tab";

interface UrlTabsProps<K extends string> {
  label: string;
  items: ReadonlyArray<{ key: K; label: string }>;
  /** Renders the open tab's panel. */
  children: (tab: K) => ReactNode;
}

/** Tabs whose choice is the URL's `?tab=` (the first tab when absent). */
export function UrlTabs<K extends string>({ label, items, children }: UrlTabsProps<K>) {
  const keys = items.map((item) => item.key);
  const [tab, setTab] = useUrlTab(keys, keys[0] as K);
  return (
    <Tabs label={label} items={[...items]} value={tab} onValueChange={setTab} gridOnPhones>
      {children(tab)}
    </Tabs>
  );
}
