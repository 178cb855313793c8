// KumikiDiagram
