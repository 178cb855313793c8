// KumikiSite
