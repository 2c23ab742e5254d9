export declare const importAliases: Record<string, string>
