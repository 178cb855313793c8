// KumikiLayout
