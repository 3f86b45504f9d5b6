import '@/components/tab-bar.css';

interface TabBarProps<T extends string> {
  label: string;
  tabs: readonly { value: T; label: string }[];
  selected: T;
  onSelect: (value: T) => void;
}

/** A row of tabs (Home's Latest / Following, the reading list's Saved / Liked). */
export function TabBar<T extends string>({ label, tabs, selected, onSelect }: TabBarProps<T>) {
  return (
    <div className="tab-bar" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={selected === tab.value}
          className={selected === tab.value ? 'tab-bar-tab tab-bar-tab-active' : 'tab-bar-tab'}
          onClick={() => onSelect(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
